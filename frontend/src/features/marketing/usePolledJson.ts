import type { CallAnswerOf, PlainRoute } from '@vip/contracts/plain';
import { useEffect, useState } from 'react';
import { requestJson } from '../../lib/http.ts';

/**
 * A public figure read now and every `everyMs` (spec §2: public stats refresh every 30 s),
 * with plain fetch: the landing page stays free of Redux (lib/http.ts says why). A failed
 * read keeps the last answer; before the first, the value is undefined. The answer is of the type
 * the route's declaration says. `route` takes no path
 * parameters (pathOf refuses one that needs some).
 */
export function usePolledJson<Route extends PlainRoute>(
  route: Route,
  everyMs: number,
): CallAnswerOf<Route> | undefined {
  // what requestJson answers for this route (TypeScript does not relate the two generic types here)
  const [value, setValue] = useState<unknown>();
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      requestJson(route, undefined, { signal: controller.signal }).then(
        (answer) => setValue(answer),
        () => undefined,
      );
    void read();
    const timer = setInterval(read, everyMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [route, everyMs]);
  return value as CallAnswerOf<Route> | undefined;
}
