import type { FieldValues, Resolver } from 'react-hook-form';

import type * as SchemasModule from './schemas';

type Schemas = typeof SchemasModule;

/**
 * A form resolver that loads the schemas and zod's resolver on the form's first validation
 * (a submit or a touched field), so a screen's first load carries no schema library.
 * `pick` names the schema of the form among `./schemas`.
 */
export function lazyResolver<Input extends FieldValues, Output extends FieldValues = Input>(
  pick: (schemas: Schemas) => Schemas[keyof Schemas],
): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import('./schemas'), import('@hookform/resolvers/zod')]).then(
      ([schemas, { zodResolver }]) => zodResolver(pick(schemas) as never) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    ));
  return async (values, context, options) => (await load())(values, context, options);
}
