// Zod compiles fast object parsers with `new Function` unless told not to, and probing for it
// alone is a violation of the page's Content-Security-Policy (no 'unsafe-eval'). Its settings
// are read when a schema is built, so this module is the entry's first import: every schema,
// in every chunk, is built after it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
