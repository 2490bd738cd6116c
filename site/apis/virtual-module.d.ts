// The site's APIs as the reference integration hands them to routes and components (virtual.ts).
declare module 'virtual:petstore/apis' {
  export const site: import('./api.ts').SiteApis;
  export const apis: import('./api.ts').SiteApis['apis'];
}
