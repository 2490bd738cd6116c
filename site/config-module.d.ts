// The site's configuration as the site-config integration hands it to routes and components
// (site/build-context.ts `configModule`).
declare module 'virtual:petstore/config' {
  type SiteConfig = import('./build-context.ts').SiteConfig;
  export const site: SiteConfig['site'];
  export const apis: SiteConfig['site']['apis'];
  export const locales: SiteConfig['locales'];
  export const agents: SiteConfig['agents'];
}
