/** Imported first by the entry: set before any AWS SDK client exists (the bench also runs on Node 20, to compare). */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
