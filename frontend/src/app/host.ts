/** Spec §2 host special cases, by the first label of the host name. */
export type HostKind = 'invite' | 'poster' | 'status' | 'main';

export function hostKindOf(hostname: string): HostKind {
  const first = hostname.split('.')[0]?.toLowerCase();
  return first === 'invite' || first === 'poster' || first === 'status' ? first : 'main';
}
