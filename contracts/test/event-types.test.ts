import { expect } from 'chai';
import { type EventTypeName, eventTypeNames } from '../src/events/event-types.ts';
import { type EventType, eventSchemas } from '../src/events/index.ts';

// The two must name the same types; the typecheck fails here when they do not.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: Same<EventTypeName, EventType> = true;

/** The zod-free list of event type names (read by the audit screen) against the schemas. */
describe('contracts: the list of event type names', () => {
  it('names every type of eventSchemas, once, and nothing else', () => {
    expect(sameTypes).to.equal(true);
    expect(new Set(eventTypeNames).size, 'a name listed twice').to.equal(eventTypeNames.length);
    expect([...eventTypeNames].sort()).to.deep.equal(Object.keys(eventSchemas).sort());
  });
});
