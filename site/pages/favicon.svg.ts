// GET /favicon.svg: the site's icon, prerendered to a static file. Starlight links /favicon.svg from
// every guide page and /reference links it too; without this file each page load met a 404.
import type { APIRoute } from 'astro';

export const prerender = true;

/** A paw print on the brand blue, drawn in a 32×32 box so it stays crisp at tab size. */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#3b4cdb"/>
<g fill="#fff">
<ellipse cx="16" cy="21" rx="6.5" ry="5.5"/>
<ellipse cx="8.5" cy="13.5" rx="2.6" ry="3.3"/>
<ellipse cx="13.5" cy="8.5" rx="2.6" ry="3.3"/>
<ellipse cx="18.5" cy="8.5" rx="2.6" ry="3.3"/>
<ellipse cx="23.5" cy="13.5" rx="2.6" ry="3.3"/>
</g>
</svg>
`;

export const GET: APIRoute = () =>
  new Response(FAVICON_SVG, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
