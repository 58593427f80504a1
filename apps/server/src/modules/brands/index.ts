/**
 * The brands module's front door: what other modules and the routes table may use. Everything
 * else in modules/brands is its own business (a test keeps imports to this file).
 */
export { countBrandsInAccount, findBrand } from './brands.repo.ts';
