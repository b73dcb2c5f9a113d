/** The demo workspace's fixed id (kept apart from the demo service, which loads the whole sandbox). */
export const DEMO_WORKSPACE_ID = 'demo-northwind';
