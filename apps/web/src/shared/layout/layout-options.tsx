import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type FooterLinkId = 'llc' | 'contacts' | 'offer' | 'terms' | 'privacy' | 'personalData';

export interface LayoutOptions {
  /** 'portal': the legal documents; 'single-game': the out-of-catalogue game's documents. */
  footerVariant?: 'portal' | 'single-game';
  /** Portal footer entries hidden on this page (game pages hide llc, contacts, offer, personalData). */
  hiddenFooterLinks?: readonly FooterLinkId[];
  footerBackground?: string;
  /** The project whose legal documents the footer links to (a game page's own); else the host's. */
  project?: string;
}

interface LayoutOptionsApi {
  options: LayoutOptions;
  setOptions: (options: LayoutOptions) => void;
}

const LayoutOptionsContext = createContext<LayoutOptionsApi>({ options: {}, setOptions: () => {} });

export function LayoutOptionsProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<LayoutOptions>({});
  const value = useMemo(() => ({ options, setOptions }), [options]);
  return <LayoutOptionsContext.Provider value={value}>{children}</LayoutOptionsContext.Provider>;
}

export const useLayoutOptionsValue = () => useContext(LayoutOptionsContext).options;

/** A page tells the shared layout how to draw the footer while it is shown. */
export function useLayoutOptions(options: LayoutOptions): void {
  const { setOptions } = useContext(LayoutOptionsContext);
  const key = JSON.stringify(options);
  useEffect(() => {
    setOptions(JSON.parse(key) as LayoutOptions);
    return () => setOptions({});
  }, [key, setOptions]);
}
