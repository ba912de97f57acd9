import { SupportPanel } from '@/features/support';

/** The support feature's list, chat and create screens in the modal. */
export function SupportModal({ onClose }: { onClose: () => void }) {
  return <SupportPanel onClose={onClose} />;
}
