import { SectionSkeleton } from './Skeletons.tsx';

/** A page (or drawer) whose data is on its way: the shape of a section, not a lone spinner. */
export function PageLoader() {
  return <SectionSkeleton />;
}
