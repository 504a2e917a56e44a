export { TranslationRepository } from "./translation.repository.ts";
export {
  TranslationService,
  translationMessages,
  type TranslationsInput,
} from "./translation.service.ts";
