// Texts users see, as the spec words them (sections 2, 5 and 8). One place, so wording never drifts.

export const messages = {
  notFound: "Sorry, that page could not be found here.",
  tagline: "Find Your Niche",
  dealsHeading: "Welcome to the Deals Page",
  home: {
    loadingPosts: "Loading posts...",
    loadingEvents: "Loading events...",
    noPosts: "No recent posts to display.",
    noUpcomingEvents: "No upcoming events scheduled.",
    failedPosts: "Failed to load posts. ",
    failedEvents: "Failed to load events. ",
    failedOffers: "Failed to load offers. ",
    failedMarkers: "Failed to load marker locations. ",
  },
  events: {
    noUpcoming: "No upcoming events scheduled.",
    noPast: "No past events to display.",
  },
  offers: {
    heading: "Current Offers",
    empty: "No current offers available. Check back soon!",
    failed: "Failed to load offers. Please try again later.",
  },
  auth: {
    invalidCredentials: "Invalid email or password.",
    loginFailed: "Login failed. Please try again.",
    logoutFailed: "Logout failed. Please try again.",
    passwordsDoNotMatch: "Passwords do not match.",
    emailInUse: "This email address is already registered.",
    weakPassword: "Password is too weak. Please use at least 6 characters.",
    signupFailed: "Signup failed. Please try again.",
    alreadyLoggedIn: (email: string) => `You are already logged in as ${email}`,
    loggedInAs: (email: string) => `Logged in as ${email}`,
  },
  storage: {
    unauthenticated: "User is not authenticated, please sign in and try again.",
    unauthorized: (path: string) => `User does not have permission to access '${path}'.`,
    notFound: (path: string) => `Object '${path}' does not exist.`,
  },
} as const;
