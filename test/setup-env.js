// n8n's logger writes straight to stdout unless silenced; jest cannot capture that.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
