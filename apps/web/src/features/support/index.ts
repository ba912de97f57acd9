// The support feature's public face for app-level composition (interfaces.md #3).
export { SupportPanel, type SupportPanelProps } from './support-panel-lazy';
