import { PlaceholderScreen } from '@/shared/ui/placeholder-screen';

// The support screens arrive with the support issue; their routes already stand.
export const TicketsRoute = () => <PlaceholderScreen titleKey="support.ticketsTitle" />;
export const TicketCreateRoute = () => <PlaceholderScreen titleKey="support.createTitle" />;
export const TicketRoute = () => <PlaceholderScreen titleKey="support.ticketTitle" />;
