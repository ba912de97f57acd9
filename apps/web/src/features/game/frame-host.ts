import type { ComponentType, RefObject } from 'react';

/**
 * What the app puts beside a playing game frame (`iframe#game-frame`): the window-message
 * host that answers the game (composed in `src/app/game-host/`, since the answers need other
 * features' screens). The game feature only hands over the frame.
 */
export interface GameFrameHostProps {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The project the game belongs to (payments and support are per project). */
  project: string;
}

export type GameFrameHost = ComponentType<GameFrameHostProps>;
