// The support feature's public face for app-level composition.
export { SupportPanel, type SupportPanelProps } from './support-panel-lazy';
