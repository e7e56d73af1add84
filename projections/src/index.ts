export { ProjectionRunner, type AppliedBatch, type RunnerOptions } from './runner.ts';
export { attachWsGateway, type WsGateway } from './gateway/ws-gateway.ts';
export { allProjectors, projectorsNamed } from './read-models/index.ts';
export { rebuildReadModels } from './rebuild.ts';
export type { Projector, ProjectedEvent } from './projector.ts';
export { compareReadModels, type ReadModelDifference } from './verify.ts';
export { LogSealer } from './seals/sealer.ts';
export { SealerThread } from './seals/sealer-thread.ts';
