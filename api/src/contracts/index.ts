// The API's request and answer shapes (zod), shared by the routes, the OpenAPI document and the web app.
// Pure zod: nothing here may import server code, so the browser bundle can use it.
export * from './common';
export * from './users.contract';
export * from './schedules.contract';
export * from './subscriptions.contract';
export * from './data.contract';
export * from './friends.contract';
export * from './languages.contract';
