/**
 * Mantine's charts, drawn once they come near the viewport: until then (and while the chart
 * library downloads) a skeleton of the chart's own size holds its place, so nothing moves. The
 * library is the largest part of the dashboard's JavaScript and most charts sit below the fold;
 * the cards' titles, figures and screen-reader tables do not wait for it.
 */
import type { BarChartProps, DonutChartProps, MatrixChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/** how far outside the viewport a chart starts loading: a scroll's worth ahead of the reader */
const AHEAD = '300px 0px';

const library = () => import('./library.ts');
const LazyBarChart = lazy(() => library().then((m) => ({ default: m.BarChart as ComponentType<BarChartProps> })));
const LazyDonutChart = lazy(() => library().then((m) => ({ default: m.DonutChart as ComponentType<DonutChartProps> })));
const LazyMatrixChart = lazy(() => library().then((m) => ({ default: m.MatrixChart as ComponentType<MatrixChartProps> })));

interface Box {
  w?: number | string;
  h: number | string;
  circle?: boolean;
}

/** A skeleton of the chart's size until it is near the viewport, then the chart (once loaded). */
function WhenNear({ box, children }: { box: Box; children: ReactNode }) {
  const [near, setNear] = useState(false);
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: AHEAD });
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry?.isIntersecting]);
  const placeholder = (
    <Skeleton ref={near ? undefined : ref} w={box.w ?? '100%'} h={box.h} circle={box.circle} radius="md" data-chart="waiting" />
  );
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

export function BarChart(props: BarChartProps) {
  return (
    <WhenNear box={{ h: props.h as number }}>
      <LazyBarChart {...props} />
    </WhenNear>
  );
}

export function DonutChart(props: DonutChartProps) {
  return (
    <WhenNear box={{ h: props.size ?? 160, circle: true }}>
      <LazyDonutChart {...props} />
    </WhenNear>
  );
}

export function MatrixChart(props: MatrixChartProps) {
  const cell = (props.cellSize ?? 16) + (props.gap ?? 0);
  const box = { w: (props.xLabels?.length ?? 0) * cell, h: (props.yLabels?.length ?? 0) * cell + (props.xLabelsHeight ?? 0) };
  return (
    <WhenNear box={box}>
      <LazyMatrixChart {...props} />
    </WhenNear>
  );
}
