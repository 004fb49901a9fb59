// The header's "Take a guided tour" button asks the home page to open the tour. On another page
// it first navigates home; the request waits here until the home page has mounted to take it.

export const OPEN_TOUR_EVENT = "open-onboarding-tour";

let requested = false;

export function requestTour() {
  requested = true;
  window.dispatchEvent(new Event(OPEN_TOUR_EVENT));
}

/** True once per request. */
export function takeTourRequest(): boolean {
  const wasRequested = requested;
  requested = false;
  return wasRequested;
}
