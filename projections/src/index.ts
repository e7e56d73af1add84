export { attachWsGateway, type WsGateway } from './gateway/ws-gateway.ts';
export type { ProjectedEvent, Projector } from './projector.ts';
export { allProjectors, projectorsNamed } from './read-models/index.ts';
export { rebuildReadModels } from './rebuild.ts';
export { type AppliedBatch, ProjectionRunner, type RunnerOptions } from './runner.ts';
export { LogSealer } from './seals/sealer.ts';
export { SealerThread } from './seals/sealer-thread.ts';
export { compareReadModels, type ReadModelDifference } from './verify.ts';
