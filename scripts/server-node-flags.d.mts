/** The Node options the built server runs with (scripts/server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[]
