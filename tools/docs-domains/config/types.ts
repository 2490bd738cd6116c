/** The `domains` object of `site/domains.yaml`, after validation (host names in A-labels, lower-case, no trailing dot). */
export interface DomainsConfig {
  /** The CNAME target the dashboard shows (Project settings → Domains). */
  platformHost: string;
  /** The main domain; the site's canonical URL is `https://<primary>/`. */
  primary: string;
  /** Other attached domains that redirect to the primary. */
  redirects: Redirect[];
}

/** One redirect: `from` is an attached domain, `to` the domain it redirects to, `status` 301, 302, 307 or 308. */
export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}
