// The account page's profile picture: the current picture, and an upload that replaces it (the old file is deleted on the server).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messages } from "#shared/messages.ts";
import { UploadField } from "#web/components/upload/upload-field.tsx";
import type { StoredUpload } from "#web/components/upload/upload-task.ts";

async function saveProfilePicture(file: StoredUpload): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/api/v1/me/profile-picture", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fullPath: file.fullPath }),
    });
  } catch (error) {
    throw new Error(messages.uploads.saveProfilePictureFailed((error as Error).message), { cause: error });
  }
  const body = (await response.json().catch(() => null)) as { photoURL?: string; error?: { message?: string } } | null;
  if (!response.ok || !body?.photoURL) {
    throw new Error(messages.uploads.saveProfilePictureFailed(body?.error?.message ?? `The server answered ${response.status}.`));
  }
  return body.photoURL;
}

export function ProfilePicture({
  photoURL,
  displayName,
  editable = true,
  onChange,
}: {
  photoURL: string | null;
  displayName: string;
  /** Show the upload (the account page); false only displays the picture. */
  editable?: boolean;
  /** Told the new picture's URL once it is saved. */
  onChange?: (photoURL: string) => void;
}) {
  const { t } = useTranslation("account");
  const [current, setCurrent] = useState(photoURL);
  // A new picture from the page's data (after a reload of it) wins over the one kept here.
  const [given, setGiven] = useState(photoURL);
  if (photoURL !== given) {
    setGiven(photoURL);
    setCurrent(photoURL);
  }
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-4">
        {current ? (
          <img src={current} alt={t("picture.alt", { name: displayName })} width={96} height={96} className="size-24 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-24 place-items-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800">
            {displayName.charAt(0).toUpperCase() || "?"}
          </span>
        )}
      </div>
      {editable && (
        <UploadField
          kind="profilePicture"
          label={t("picture.new")}
          onUploaded={async (file) => {
            const saved = await saveProfilePicture(file);
            setCurrent(saved);
            onChange?.(saved);
          }}
        />
      )}
    </div>
  );
}

/** The profile picture in a card under its heading, as the account and profile setup pages show it. */
export function ProfilePictureCard({ photoURL, displayName }: { photoURL: string | null; displayName: string }) {
  const { t } = useTranslation("account");
  return (
    <div className="card grid gap-3">
      <h2 className="text-lg font-semibold text-stone-900">{t("picture.heading")}</h2>
      <ProfilePicture photoURL={photoURL} displayName={displayName} />
    </div>
  );
}
