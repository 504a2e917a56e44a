// A confirmation before something that cannot be undone: a modal alert dialog (React Aria) with the
// question, the action and a way back. The button is a plain one and the dialog is made only when it is opened: a
// list has one per row, and React Aria's trigger, overlay and button per row were a large part of drawing the list
// on the server. Closing puts focus back on the button (the modal's focus scope restores what had it before).
import { useTranslation } from "react-i18next";
import { useState, type ReactNode } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { ui } from "./classes.ts";

export function ConfirmDialog({ question, label, disabled, onConfirm, children }: { question: string; label: string; disabled?: boolean; onConfirm: () => void; children: ReactNode }) {
  const { t } = useTranslation("ui");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={ui.danger} aria-label={label} aria-haspopup="dialog" aria-expanded={open} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <ModalOverlay isOpen onOpenChange={setOpen} isDismissable className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/40 p-4">
          <Modal className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
            <Dialog role="alertdialog" className="outline-none">
              {({ close }) => (
                <>
                  <Heading slot="title" className="text-lg font-semibold text-stone-900">
                    {t("confirm.title")}
                  </Heading>
                  <p className="mt-2 text-stone-800">{question}</p>
                  <div className="mt-4 flex justify-end gap-3">
                    <Button className={ui.secondary} onPress={close} autoFocus>
                      {t("confirm.cancel")}
                    </Button>
                    <Button
                      className={ui.primary}
                      onPress={() => {
                        close();
                        onConfirm();
                      }}
                    >
                      {children}
                    </Button>
                  </div>
                </>
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      )}
    </>
  );
}
