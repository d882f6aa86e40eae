// Public API of the support-tickets feature: the Support Center's My Tickets tab and its Create
// Support Ticket dialog (/support composes them with the knowledge base).
export { TicketsTab } from './components/TicketsTab.tsx';
export { CreateTicketDialog } from './components/CreateTicketDialog.tsx';
