import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * zod/mini loads no locale, so every issue message would read 'Invalid input'. Importing this module
 * sets English once for the process: the messages of 400 answers (`http.ts`), of configuration errors
 * (`config.ts`) and of any other zod error a function throws or logs (a workflow task's input, a stored
 * item). (`z.locales.en()` would make esbuild bundle every locale; `zod/locales` keeps only English.)
 */
config(en());
