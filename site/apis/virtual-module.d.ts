// The site's APIs as the reference integration hands them to routes and components (virtual.ts).
declare module 'virtual:petstore/apis' {
  export const apis: readonly import('./api.ts').Api[];
}
