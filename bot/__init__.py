"""The application: CLI now; the Discord client, storage and worker pool come next."""
