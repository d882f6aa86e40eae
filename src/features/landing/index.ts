// Public entry of the landing feature for the route. (The footer's newsletter box imports the
// `subscribe` seam and schemas from their own modules so this page's chunk stays separate.)
export { LandingPage } from './components/LandingPage.tsx';
