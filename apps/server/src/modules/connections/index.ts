/**
 * The connections module's front door: what other modules and the routes table may use. Everything
 * else in modules/connections is its own business (a test keeps imports to this file).
 */
export { type ConnectionRow, findConnection, setRuntime } from './connections.repo.ts';
export { seedSandboxGateway } from './sandbox-seed.ts';
