/**
 * The chart library (@mantine/charts over recharts, ~100 KB of compressed JavaScript) with its
 * styles: imported only by `deferred.tsx`, so it loads when a chart is about to be seen.
 */
import '@mantine/charts/styles.css';

export { BarChart, DonutChart, MatrixChart } from '@mantine/charts';
