// Tests run server modules directly in Node; "server-only" would throw outside a React Server bundle.
export {};
