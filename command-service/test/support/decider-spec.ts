import type { DomainEvent } from '@vip/contracts';
import { DomainError, type DomainErrorKind } from '@vip/platform';
import { expect } from 'chai';
import type { Decider } from '../../src/core/decider.ts';

export const NOW = new Date('2026-11-22T12:00:00.000Z');

/** given(events).when(command).then(events) | .thenFails(kind, text) — emmett's test shape. */
export function deciderSpec<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, now: Date = NOW) {
  return {
    given: (history: E[]) => ({
      when: (command: C) => {
        const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()), now);
        return {
          then: (expected: E[]) => expect(run()).to.deep.equal(expected),
          thenFails: (kind: DomainErrorKind, message: string) => {
            let error: unknown;
            try {
              run();
            } catch (caught) {
              error = caught;
            }
            expect(error, 'the decision should fail').to.be.instanceOf(DomainError);
            expect((error as DomainError).kind).to.equal(kind);
            expect((error as DomainError).message).to.equal(message);
          },
        };
      },
    }),
  };
}
