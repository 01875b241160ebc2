import * as z from 'zod/mini';
import '../zod-messages';

/**
 * Configuration is read from the environment once per section, validated with zod, and cached.
 * A missing or bad value fails fast with the variable's name, never later with an undefined.
 *
 * Each section is its own module under `lambdas/lib/config/`, built lazily and marked pure, so a
 * bundle carries exactly the sections its code reaches: `test/infra/function-needs.test.ts` reads
 * them from esbuild's metafile and holds them to the function's manifest (`lambdas/manifest.ts`).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The variables a function runs with. */
export type Environment = Readonly<Record<string, string | undefined>>;

let source: () => Environment = () => process.env;

/**
 * Where sections read their variables: the process's environment, as on Lambda. The local home runs
 * every function in one process and gives each invocation the environment of its own function
 * (`infra/local/functions.ts`), so a function reading a section it did not declare fails there too.
 */
export function setEnvironmentSource(next: () => Environment): void {
  source = next;
}

export const environment = (): Environment => source();

/** A section's accessor: validates and returns its variables; names them for the manifest. */
export interface ConfigSection<S extends z.ZodMiniObject = z.ZodMiniObject> {
  (): z.infer<S>;
  /** As messages name it ('table', 'payment links'). */
  readonly section: string;
  readonly schema: () => S;
  /** The variables it reads. */
  readonly variables: () => string[];
}

/**
 * A section of configuration: `schema` is built at first use (so an unused section costs nothing and
 * esbuild drops it), and the parsed values are cached for each environment (one on Lambda).
 */
export function readSection<S extends z.ZodMiniObject>(section: string, schema: () => S): ConfigSection<S> {
  let built: S | undefined;
  const schemaOf = () => {
    built ??= schema();
    return built;
  };
  const cache = new WeakMap<Environment, z.infer<S>>();
  const read = () => {
    const env = environment();
    const cached = cache.get(env);
    if (cached) return cached;
    const shape = schemaOf();
    const raw: Record<string, string | undefined> = {};
    for (const key of Object.keys(shape.shape)) raw[key] = env[key] || undefined;
    const parsed = shape.safeParse(raw);
    if (!parsed.success) {
      // Messages name their variable ('TABLE_NAME is required'); a schema's own message gets it added.
      const names = parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      });
      throw new ConfigError(`Missing or invalid ${section} configuration: ${names.join(', ')}`);
    }
    cache.set(env, parsed.data);
    return parsed.data;
  };
  return Object.assign(read, {
    section,
    schema: schemaOf,
    variables: () => Object.keys(schemaOf().shape),
  });
}

/** A required, non-empty text value. */
export const text = () => z.string().check(z.minLength(1));
