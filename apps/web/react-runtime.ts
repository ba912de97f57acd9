/**
 * The pages are written against React's API and run on Preact through `preact/compat`: the
 * same components, hooks and libraries (router, Query, i18next, forms, editor) at a tenth of
 * React DOM's weight on the wire. Both the build and the unit tests resolve React this way, so
 * the tests exercise the runtime players get.
 */
export const REACT_ON_PREACT: Record<string, string> = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  react: 'preact/compat',
};
