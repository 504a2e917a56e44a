// The account page's profile picture: shows the current picture (uploading comes with the shared upload component).
export function ProfilePicture({ photoURL, displayName }: { photoURL: string | null; displayName: string }) {
  return (
    <div className="flex items-center gap-4">
      {photoURL ? (
        <img src={photoURL} alt={`Profile picture of ${displayName}`} width={96} height={96} className="size-24 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="grid size-24 place-items-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800">
          {displayName.charAt(0).toUpperCase() || "?"}
        </span>
      )}
    </div>
  );
}
