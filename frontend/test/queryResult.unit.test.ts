import { expect } from 'chai';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryResult, type QueryState } from '../src/components/QueryResult.tsx';

type Entries = string[];
const refetch = () => undefined;

function shown(
  query: QueryState<Entries>,
  extra: {
    emptyOnNotFound?: boolean;
    frame?: (state: ReactNode) => ReactNode;
    failed?: (error: unknown) => ReactNode;
  } = {},
): string {
  return renderToStaticMarkup(
    createElement(QueryResult<Entries>, {
      query,
      loading: 'Loading entries...',
      failed: extra.failed ?? 'Failed to load entries',
      empty: 'No entries found',
      emptyOnNotFound: extra.emptyOnNotFound,
      frame: extra.frame,
      // biome-ignore lint/correctness/noChildrenProp: a render function, which createElement's child arguments (ReactNode) do not type
      children: (entries: Entries) => createElement('ul', null, entries.join(',')),
    }),
  );
}

/** The one loading / failed / empty / data ladder of the panels' lists and pages. */
describe('frontend: QueryResult', () => {
  it('shows the spinner until the first answer', () => {
    const html = shown({ isError: false, refetch });
    expect(html).to.include('role="status"').and.include('Loading entries...');
  });

  it("shows the spec's failure text with Try again when nothing was loaded", () => {
    const html = shown({ isError: true, error: { status: 500, data: null }, refetch });
    expect(html).to.include('role="alert"').and.include('Failed to load entries').and.include('Try again');
    expect(html).not.to.include('Loading entries...');
  });

  it('words the failure from the error when given a function', () => {
    const html = shown(
      { isError: true, error: { status: 403, data: { error: 'Admin access required' } }, refetch },
      { failed: (error) => (error as { data: { error: string } }).data.error },
    );
    expect(html).to.include('Admin access required').and.not.include('Failed to load entries');
  });

  it('keeps an answer on screen when only its refresh failed', () => {
    const html = shown({ data: ['a'], currentData: ['a'], isError: true, refetch });
    expect(html).to.equal('<ul>a</ul>');
  });

  it('fails rather than show the answer to other arguments', () => {
    const html = shown({ data: ['old filters'], currentData: undefined, isError: true, refetch });
    expect(html).to.include('Failed to load entries').and.not.include('old filters');
  });

  it("shows the spec's empty state for an empty answer, and the data otherwise", () => {
    expect(shown({ data: [], currentData: [], isError: false, refetch })).to.equal(
      '<p class="empty-state">No entries found</p>',
    );
    expect(shown({ data: ['a', 'b'], currentData: ['a', 'b'], isError: false, refetch })).to.equal('<ul>a,b</ul>');
  });

  it('reads a 404 as the empty state only when asked to', () => {
    const notFound = { isError: true, error: { status: 404, data: { error: 'No subscription' } }, refetch };
    expect(shown(notFound, { emptyOnNotFound: true })).to.equal('<p class="empty-state">No entries found</p>');
    expect(shown(notFound)).to.include('Failed to load entries');
  });

  it('wraps every state but the data in the frame', () => {
    const frame = (state: ReactNode) => createElement('li', { className: 'status' }, state);
    expect(shown({ isError: false, refetch }, { frame })).to.match(/^<li class="status">.*Loading entries/);
    expect(shown({ data: [], currentData: [], isError: false, refetch }, { frame })).to.match(/^<li class="status">/);
    expect(shown({ data: ['a'], currentData: ['a'], isError: false, refetch }, { frame })).to.equal('<ul>a</ul>');
  });
});
