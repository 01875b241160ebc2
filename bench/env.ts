/** Imported first by the entry: set before any AWS SDK client exists (Node 20 is still supported here). */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
