/**
 * The federation sdk's `env.js` in the host's production build (swapped in by `federationSdkEnv()` in
 * rspack.config.base.ts, for @module-federation/sdk 2.x). The same answers a browser page gets from the original,
 * except the debug switch: the original reads it from localStorage when the runtime's module is evaluated, the page's
 * only localStorage access, and the first one loads the storage area synchronously from the browser process (1–7 ms of
 * main thread on this machine, on every remote's page, issue 12). The runtime's debug logging and devtools hook stay
 * off in production; `npm run dev` keeps the original.
 */
// Plain JavaScript syntax: the build compiles this file with the rules of the module it replaces (node_modules, no
// TypeScript loader), so a type annotation here would not parse.
export const isBrowserEnvValue = true;
export const isBrowserEnv = () => true;
export const isReactNativeEnv = () => false;
export const isDebugMode = () => false;
export const getProcessEnv = () => ({});
