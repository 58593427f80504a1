import { register } from 'tsx/esm/api';
register();
const rss = () => Math.round(process.memoryUsage().rss/1048576);
const mods = process.argv.slice(2);
console.log('base', rss(), process.memoryUsage());
for (const m of mods) { const t=Date.now(); await import(m); console.log(m, rss(), Date.now()-t, 'ms'); }
global.gc?.(); console.log('after gc', process.memoryUsage());
