/** Read model of the servers an admin suspended. */
export const suspensionReadModels = {
  /** One per suspended server; deleted when the suspension is lifted. */
  suspensions: 'suspensions',
} as const;

export interface SuspensionDocument {
  _id: string; // guildId
  reason: string;
  suspendedAt: string;
}
