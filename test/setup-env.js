// n8n's logger writes straight to stdout unless silenced; jest cannot capture that.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';

// nock's mock sockets collect one 'connect' listener per request while n8n keeps them alive, and
// Node then warns of a leak after ten: a test artefact, not one of ours (real sockets do not).
require('node:events').EventEmitter.defaultMaxListeners = 0; // no limit (tests only)
