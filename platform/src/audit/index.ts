export * from './seal-chain.ts';
export * from './redaction.ts';
export * from './names.ts';
export * from './export.ts';
export * from './seals.ts';
export * from './export-metrics.ts';
export * from './stored-events.ts';
