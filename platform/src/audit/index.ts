export * from './export.ts';
export * from './export-metrics.ts';
export * from './names.ts';
export * from './redaction.ts';
export * from './seal-chain.ts';
export * from './seals.ts';
export * from './stored-events.ts';
