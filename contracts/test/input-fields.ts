import type { z } from 'zod';
import type { RouteSpec } from '../src/index.ts';

/** Strings no free-text field may take: each wraps one hostile run in ordinary text. */
export const hostileTexts: Record<string, string> = {
  NUL: 'Hello\u0000world',
  BEL: 'Hello\u0007world',
  ESC: 'Hello\u001b[31mworld',
  DEL: 'Hello\u007fworld',
  'C1 control': 'Hello\u0085world',
  'lone carriage return': 'Hello\rworld',
  'right-to-left override': 'Hello \u202Edlrow',
  'left-to-right isolate': 'Hello \u2066world\u2069',
  'zero-width run': 'Hello\u200B\u200B\u200Bworld',
  'byte order marks': 'Hello\uFEFF\uFEFFworld',
  'only invisible': '\u200B',
  'lone surrogate': 'Hello\uD800world',
};

export type Field = { route: string; path: string; name: string; schema: z.ZodType };

/** Every field of a schema's objects (nested objects and arrays of objects walked into), with its own schema. */
function fieldsOf(schema: z.ZodType, route: string, path = ''): Field[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([name, field]) => [
        { route, path: `${path}${name}`, name, schema: field },
        ...fieldsOf(field, route, `${path}${name}.`).filter((inner) => inner.path !== `${path}${name}`),
      ]);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fieldsOf(def.innerType as z.ZodType, route, path);
    case 'array':
      return fieldsOf(def.element as z.ZodType, route, path);
    case 'pipe':
      return [...fieldsOf(def.in as z.ZodType, route, path), ...fieldsOf(def.out as z.ZodType, route, path)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => fieldsOf(option, route, path));
    default:
      return [];
  }
}

export function inputFields(route: RouteSpec): Field[] {
  const name = `${route.method} ${route.path}`;
  const params = Object.entries(route.params ?? {}).map(([param, schema]) => ({
    route: name,
    path: `:${param}`,
    name: param,
    schema,
  }));
  return [
    ...params,
    ...(route.query ? fieldsOf(route.query, name) : []),
    ...(route.body ? fieldsOf(route.body, name) : []),
  ];
}
