import { Suspense, lazy } from 'react';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import type { SupportPanelProps } from './components/support-panel';

export type { SupportPanelProps };

// The panel brings the editor (Tiptap): a game page that only might open support does not
// download it until the player does.
const Panel = lazy(async () => ({ default: (await import('./components/support-panel')).SupportPanel }));

/** List -> chat -> create in one container, for the game host's modal (state, not routes). */
export function SupportPanel(props: SupportPanelProps) {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Panel {...props} />
    </Suspense>
  );
}
