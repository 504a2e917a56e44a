// The account feature's public face: signing in and up, the person's own account, and the forms for them.
export { fetchAccount, type AccountLoad } from "./account-api.ts";
export { asConformErrors, useAccountForm } from "./account-form.ts";
export { postAuth } from "./auth-api.ts";
export { ChangePasswordForm, fetchHasPassword } from "./change-password-form.tsx";
export { DisplayNameForm } from "./display-name-form.tsx";
export { LanguageForm } from "./language-form.tsx";
export { ForgotPasswordForm } from "./forgot-password-form.tsx";
export { LoginForm } from "./login-form.tsx";
export { LogoutButton } from "./logout-button.tsx";
export { fetchNotificationPreferences, NotificationPreferencesForm } from "./notification-preferences-form.tsx";
export { ProfilePicture, ProfilePictureCard } from "./profile-picture.tsx";
export { ResendVerification } from "./resend-verification.tsx";
export { ResetPasswordForm } from "./reset-password-form.tsx";
export { SetupForm } from "./setup-form.tsx";
export { SignupForm } from "./signup-form.tsx";
export { StatusMessage } from "./status-message.tsx";
export { ThirdPartySignIn, ThirdPartySignIns } from "./third-party-sign-in.tsx";
