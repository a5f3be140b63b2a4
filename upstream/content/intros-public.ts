import type { Localized } from "./types";

/**
 * Introductions of the public screens (sign-in, registration, account recovery, legal pages), in all
 * six languages. Keys are the screens' route paths without the leading slash.
 */
export const PUBLIC_INTROS: Record<string, { title: Localized; text: Localized }> = {
  login: {
    title: {
      en_us: "Welcome to the Professional Portal",
      fr_fr: "Bienvenue sur le Professional Portal",
      de_de: "Willkommen im Professional Portal",
      it_it: "Benvenuto nel Professional Portal",
      es_xn: "Bem-vindo ao Professional Portal",
      zh_cn: "欢迎使用专业门户",
    },
    text: {
      en_us:
        "Sign in to search, quote and book Royal Caribbean, Celebrity Cruises and Silversea sailings for your clients.",
      fr_fr:
        "Connectez-vous pour rechercher, chiffrer et réserver les croisières Royal Caribbean, Celebrity Cruises et Silversea de vos clients.",
      de_de:
        "Melden Sie sich an, um Kreuzfahrten von Royal Caribbean, Celebrity Cruises und Silversea für Ihre Kunden zu suchen, anzubieten und zu buchen.",
      it_it:
        "Accedi per cercare, preventivare e prenotare le crociere Royal Caribbean, Celebrity Cruises e Silversea per i tuoi clienti.",
      es_xn:
        "Entre para pesquisar, cotar e reservar cruzeiros Royal Caribbean, Celebrity Cruises e Silversea para seus clientes.",
      zh_cn: "登录后即可为客户搜索、报价和预订皇家加勒比、精致游轮和银海邮轮的航次。",
    },
  },
  "otp-verify": {
    title: {
      en_us: "Confirm it's you",
      fr_fr: "Confirmez votre identité",
      de_de: "Bestätigen Sie Ihre Identität",
      it_it: "Conferma la tua identità",
      es_xn: "Confirme que é você",
      zh_cn: "确认您的身份",
    },
    text: {
      en_us: "Enter the 6-digit code we sent to your e-mail address. The code expires in 10 minutes.",
      fr_fr: "Saisissez le code à 6 chiffres envoyé à votre adresse e-mail. Il expire dans 10 minutes.",
      de_de:
        "Geben Sie den 6-stelligen Code ein, den wir an Ihre E-Mail-Adresse gesendet haben. Er läuft in 10 Minuten ab.",
      it_it: "Inserisci il codice di 6 cifre che abbiamo inviato al tuo indirizzo e-mail. Scade tra 10 minuti.",
      es_xn: "Digite o código de 6 dígitos que enviamos para o seu e-mail. Ele expira em 10 minutos.",
      zh_cn: "请输入我们发送到您电子邮箱的 6 位验证码。验证码将在 10 分钟后失效。",
    },
  },
  register: {
    title: {
      en_us: "Join the Professional Portal",
      fr_fr: "Rejoignez le Professional Portal",
      de_de: "Werden Sie Teil des Professional Portal",
      it_it: "Entra nel Professional Portal",
      es_xn: "Faça parte do Professional Portal",
      zh_cn: "加入专业门户",
    },
    text: {
      en_us: "First, tell us which agency you work for. Registration takes about five minutes.",
      fr_fr: "Indiquez-nous d'abord pour quelle agence vous travaillez. L'inscription prend environ cinq minutes.",
      de_de: "Sagen Sie uns zuerst, für welches Reisebüro Sie arbeiten. Die Registrierung dauert etwa fünf Minuten.",
      it_it: "Per prima cosa, dicci per quale agenzia lavori. La registrazione richiede circa cinque minuti.",
      es_xn: "Primeiro, diga-nos para qual agência você trabalha. O cadastro leva cerca de cinco minutos.",
      zh_cn: "首先，请告诉我们您所在的旅行社。注册大约需要五分钟。",
    },
  },
  "register/stepper": {
    title: {
      en_us: "Agent Registration",
      fr_fr: "Inscription des agents",
      de_de: "Agentenregistrierung",
      it_it: "Registrazione agente",
      es_xn: "Cadastro de agente",
      zh_cn: "代理注册",
    },
    text: {
      en_us:
        "Four short steps: about you, contact and verification, professional details, and preferences and legal. You can go back at any time.",
      fr_fr:
        "Quatre étapes rapides : à propos de vous, coordonnées et vérification, informations professionnelles, préférences et mentions légales. Vous pouvez revenir en arrière à tout moment.",
      de_de:
        "Vier kurze Schritte: über Sie, Kontakt und Bestätigung, berufliche Angaben sowie Einstellungen und Rechtliches. Sie können jederzeit zurückgehen.",
      it_it:
        "Quattro brevi passaggi: informazioni su di te, contatti e verifica, dati professionali, preferenze e note legali. Puoi tornare indietro in qualsiasi momento.",
      es_xn:
        "Quatro etapas rápidas: sobre você, contato e verificação, dados profissionais, e preferências e termos legais. Você pode voltar a qualquer momento.",
      zh_cn: "只需四个简单步骤：个人信息、联系方式与验证、职业信息、偏好设置与法律条款。您可以随时返回上一步。",
    },
  },
  "register-agency": {
    title: {
      en_us: "Register your agency",
      fr_fr: "Inscrivez votre agence",
      de_de: "Registrieren Sie Ihr Reisebüro",
      it_it: "Registra la tua agenzia",
      es_xn: "Cadastre sua agência",
      zh_cn: "注册您的旅行社",
    },
    text: {
      en_us: "Register your agency once, and every agent who works with you can create their own account.",
      fr_fr:
        "Inscrivez votre agence une seule fois : chaque agent qui travaille avec vous pourra ensuite créer son propre compte.",
      de_de:
        "Registrieren Sie Ihr Reisebüro einmal, dann kann jeder Agent, der mit Ihnen arbeitet, ein eigenes Konto anlegen.",
      it_it:
        "Registra la tua agenzia una sola volta: ogni agente che lavora con te potrà poi creare il proprio account.",
      es_xn: "Cadastre sua agência uma única vez e cada agente que trabalha com você poderá criar a própria conta.",
      zh_cn: "只需注册一次旅行社，与您合作的每位代理即可创建自己的账户。",
    },
  },
  "register-agency/stepper": {
    title: {
      en_us: "Agency Registration",
      fr_fr: "Inscription des agences",
      de_de: "Reisebüro-Registrierung",
      it_it: "Registrazione agenzia",
      es_xn: "Cadastro de agência",
      zh_cn: "旅行社注册",
    },
    text: {
      en_us:
        "Tell us about your agency, its primary contact and its business. Have your ABTA or other industry numbers to hand.",
      fr_fr:
        "Présentez votre agence, son contact principal et son activité. Gardez à portée de main votre numéro ABTA ou vos autres identifiants professionnels.",
      de_de:
        "Erzählen Sie uns von Ihrem Reisebüro, seinem Hauptansprechpartner und seinem Geschäft. Halten Sie Ihre ABTA- oder andere Branchennummern bereit.",
      it_it:
        "Parlaci della tua agenzia, del referente principale e della sua attività. Tieni a portata di mano il numero ABTA o gli altri codici di settore.",
      es_xn:
        "Conte-nos sobre sua agência, o contato principal e o negócio. Tenha à mão o número ABTA ou outros registros do setor.",
      zh_cn: "请介绍您的旅行社、主要联系人及业务情况。请准备好 ABTA 编号或其他行业编号。",
    },
  },
  "register-agency/stepperSuccess": {
    title: {
      en_us: "Registration sent",
      fr_fr: "Inscription envoyée",
      de_de: "Registrierung gesendet",
      it_it: "Registrazione inviata",
      es_xn: "Cadastro enviado",
      zh_cn: "注册已提交",
    },
    text: {
      en_us: "Thank you. We are reviewing your agency's details and will e-mail you within two business days.",
      fr_fr: "Merci. Nous examinons les informations de votre agence et vous écrirons sous deux jours ouvrés.",
      de_de:
        "Vielen Dank. Wir prüfen die Angaben Ihres Reisebüros und melden uns innerhalb von zwei Werktagen per E-Mail.",
      it_it: "Grazie. Stiamo esaminando i dati della tua agenzia e ti scriveremo entro due giorni lavorativi.",
      es_xn: "Obrigado. Estamos analisando os dados da sua agência e responderemos por e-mail em até dois dias úteis.",
      zh_cn: "谢谢。我们正在审核您旅行社的信息，将在两个工作日内通过电子邮件回复您。",
    },
  },
  "register-agency/verify": {
    title: {
      en_us: "Verifying your e-mail address",
      fr_fr: "Vérification de votre adresse e-mail",
      de_de: "Ihre E-Mail-Adresse wird bestätigt",
      it_it: "Verifica del tuo indirizzo e-mail",
      es_xn: "Verificando seu e-mail",
      zh_cn: "正在验证您的电子邮件地址",
    },
    text: {
      en_us: "We are checking the link you opened. This only takes a moment.",
      fr_fr: "Nous vérifions le lien que vous avez ouvert. Cela ne prend qu'un instant.",
      de_de: "Wir prüfen den Link, den Sie geöffnet haben. Das dauert nur einen Moment.",
      it_it: "Stiamo controllando il link che hai aperto. Ci vorrà solo un attimo.",
      es_xn: "Estamos conferindo o link que você abriu. Isso leva só um instante.",
      zh_cn: "我们正在核对您打开的链接，请稍候。",
    },
  },
  "register-agency/email-sent": {
    title: {
      en_us: "Check your inbox",
      fr_fr: "Consultez votre boîte de réception",
      de_de: "Prüfen Sie Ihren Posteingang",
      it_it: "Controlla la tua casella di posta",
      es_xn: "Confira sua caixa de entrada",
      zh_cn: "请查收邮件",
    },
    text: {
      en_us: "We sent a verification link to your agency's e-mail address. Open it within 10 minutes to continue.",
      fr_fr:
        "Nous avons envoyé un lien de vérification à l'adresse e-mail de votre agence. Ouvrez-le dans les 10 minutes pour continuer.",
      de_de:
        "Wir haben einen Bestätigungslink an die E-Mail-Adresse Ihres Reisebüros gesendet. Öffnen Sie ihn innerhalb von 10 Minuten, um fortzufahren.",
      it_it:
        "Abbiamo inviato un link di verifica all'indirizzo e-mail della tua agenzia. Aprilo entro 10 minuti per continuare.",
      es_xn: "Enviamos um link de verificação para o e-mail da sua agência. Abra-o em até 10 minutos para continuar.",
      zh_cn: "我们已向您旅行社的电子邮箱发送了验证链接。请在 10 分钟内打开以继续。",
    },
  },
  "register-agency/email-resend": {
    title: {
      en_us: "Send the link again",
      fr_fr: "Renvoyer le lien",
      de_de: "Link erneut senden",
      it_it: "Invia di nuovo il link",
      es_xn: "Reenviar o link",
      zh_cn: "重新发送链接",
    },
    text: {
      en_us: "Didn't get our e-mail? Check your spam folder, or ask for a new link below.",
      fr_fr:
        "Vous n'avez pas reçu notre e-mail ? Vérifiez vos courriers indésirables ou demandez un nouveau lien ci-dessous.",
      de_de: "Keine E-Mail erhalten? Sehen Sie im Spam-Ordner nach oder fordern Sie unten einen neuen Link an.",
      it_it:
        "Non hai ricevuto la nostra e-mail? Controlla la posta indesiderata oppure richiedi un nuovo link qui sotto.",
      es_xn: "Não recebeu nosso e-mail? Verifique a pasta de spam ou solicite um novo link abaixo.",
      zh_cn: "没有收到我们的邮件？请检查垃圾邮件文件夹，或在下方申请新的链接。",
    },
  },
  "register-agency/welcome": {
    title: {
      en_us: "Welcome aboard!",
      fr_fr: "Bienvenue à bord !",
      de_de: "Willkommen an Bord!",
      it_it: "Benvenuto a bordo!",
      es_xn: "Bem-vindo a bordo!",
      zh_cn: "欢迎加入！",
    },
    text: {
      en_us: "Your agency's e-mail address is verified. One last step: review and accept the sales agreement.",
      fr_fr: "L'adresse e-mail de votre agence est vérifiée. Dernière étape : lisez et acceptez le contrat de vente.",
      de_de:
        "Die E-Mail-Adresse Ihres Reisebüros ist bestätigt. Ein letzter Schritt: Lesen und akzeptieren Sie die Vertriebsvereinbarung.",
      it_it:
        "L'indirizzo e-mail della tua agenzia è verificato. Ultimo passaggio: leggi e accetta il contratto di vendita.",
      es_xn: "O e-mail da sua agência foi verificado. Falta só uma etapa: leia e aceite o contrato de vendas.",
      zh_cn: "您旅行社的电子邮件地址已验证。最后一步：阅读并接受销售协议。",
    },
  },
  "register-agency/sales-agreement": {
    title: {
      en_us: "Sales agreement",
      fr_fr: "Contrat de vente",
      de_de: "Vertriebsvereinbarung",
      it_it: "Contratto di vendita",
      es_xn: "Contrato de vendas",
      zh_cn: "销售协议",
    },
    text: {
      en_us:
        "This agreement sets out how your agency sells our cruises and how commission is paid. Read it carefully before you accept it.",
      fr_fr:
        "Ce contrat précise comment votre agence vend nos croisières et comment les commissions sont versées. Lisez-le attentivement avant de l'accepter.",
      de_de:
        "Diese Vereinbarung regelt, wie Ihr Reisebüro unsere Kreuzfahrten verkauft und wie Provisionen gezahlt werden. Lesen Sie sie sorgfältig, bevor Sie zustimmen.",
      it_it:
        "Questo contratto stabilisce come la tua agenzia vende le nostre crociere e come vengono pagate le commissioni. Leggilo con attenzione prima di accettarlo.",
      es_xn:
        "Este contrato define como sua agência vende nossos cruzeiros e como as comissões são pagas. Leia-o com atenção antes de aceitar.",
      zh_cn: "本协议规定了您的旅行社销售我们邮轮产品的方式以及佣金的支付方式。接受前请仔细阅读。",
    },
  },
  "account/forgot": {
    title: {
      en_us: "Trouble signing in?",
      fr_fr: "Problème de connexion ?",
      de_de: "Probleme bei der Anmeldung?",
      it_it: "Problemi di accesso?",
      es_xn: "Problemas para entrar?",
      zh_cn: "登录遇到问题？",
    },
    text: {
      en_us: "We can help you recover your username or reset your password in a few steps.",
      fr_fr:
        "Nous pouvons vous aider à récupérer votre nom d'utilisateur ou à réinitialiser votre mot de passe en quelques étapes.",
      de_de:
        "Wir helfen Ihnen in wenigen Schritten, Ihren Benutzernamen wiederherzustellen oder Ihr Passwort zurückzusetzen.",
      it_it: "Possiamo aiutarti a recuperare il nome utente o a reimpostare la password in pochi passaggi.",
      es_xn: "Podemos ajudar você a recuperar seu nome de usuário ou redefinir sua senha em poucas etapas.",
      zh_cn: "只需几步，我们即可帮助您找回用户名或重置密码。",
    },
  },
  "account/forgot/password": {
    title: {
      en_us: "Reset your password",
      fr_fr: "Réinitialiser votre mot de passe",
      de_de: "Passwort zurücksetzen",
      it_it: "Reimposta la password",
      es_xn: "Redefinir sua senha",
      zh_cn: "重置密码",
    },
    text: {
      en_us: "Enter your username or e-mail address and we will send you a link to choose a new password.",
      fr_fr:
        "Saisissez votre nom d'utilisateur ou votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
      de_de:
        "Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein. Wir senden Ihnen einen Link, um ein neues Passwort festzulegen.",
      it_it: "Inserisci il nome utente o l'indirizzo e-mail e ti invieremo un link per scegliere una nuova password.",
      es_xn: "Informe seu nome de usuário ou e-mail e enviaremos um link para você escolher uma nova senha.",
      zh_cn: "请输入您的用户名或电子邮件地址，我们将向您发送设置新密码的链接。",
    },
  },
  "account/forgot/password/email-verified": {
    title: {
      en_us: "Your e-mail address is verified",
      fr_fr: "Votre adresse e-mail est vérifiée",
      de_de: "Ihre E-Mail-Adresse ist bestätigt",
      it_it: "Il tuo indirizzo e-mail è verificato",
      es_xn: "Seu e-mail foi verificado",
      zh_cn: "您的电子邮件地址已验证",
    },
    text: {
      en_us: "Thank you for confirming. You can now choose a new password.",
      fr_fr: "Merci pour votre confirmation. Vous pouvez maintenant choisir un nouveau mot de passe.",
      de_de: "Danke für Ihre Bestätigung. Sie können jetzt ein neues Passwort wählen.",
      it_it: "Grazie per la conferma. Ora puoi scegliere una nuova password.",
      es_xn: "Obrigado pela confirmação. Agora você pode escolher uma nova senha.",
      zh_cn: "感谢您的确认。现在您可以设置新密码了。",
    },
  },
  "account/forgot/password/reset-password": {
    title: {
      en_us: "Create a new password",
      fr_fr: "Créez un nouveau mot de passe",
      de_de: "Neues Passwort erstellen",
      it_it: "Crea una nuova password",
      es_xn: "Crie uma nova senha",
      zh_cn: "设置新密码",
    },
    text: {
      en_us: "Choose a strong password that you do not use anywhere else. It must meet every rule shown below.",
      fr_fr:
        "Choisissez un mot de passe robuste que vous n'utilisez nulle part ailleurs. Il doit respecter toutes les règles ci-dessous.",
      de_de:
        "Wählen Sie ein sicheres Passwort, das Sie nirgendwo sonst verwenden. Es muss alle unten genannten Regeln erfüllen.",
      it_it: "Scegli una password sicura che non usi altrove. Deve rispettare tutte le regole indicate sotto.",
      es_xn:
        "Escolha uma senha forte que você não use em nenhum outro lugar. Ela deve atender a todas as regras abaixo.",
      zh_cn: "请设置一个未在其他地方使用过的强密码，且必须符合下方列出的全部规则。",
    },
  },
  "account/forgot/password/reset-success": {
    title: {
      en_us: "Your password has been changed",
      fr_fr: "Votre mot de passe a été modifié",
      de_de: "Ihr Passwort wurde geändert",
      it_it: "La tua password è stata modificata",
      es_xn: "Sua senha foi alterada",
      zh_cn: "您的密码已更改",
    },
    text: {
      en_us: "You can now sign in with your new password.",
      fr_fr: "Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.",
      de_de: "Sie können sich jetzt mit Ihrem neuen Passwort anmelden.",
      it_it: "Ora puoi accedere con la nuova password.",
      es_xn: "Agora você pode entrar com sua nova senha.",
      zh_cn: "现在您可以使用新密码登录了。",
    },
  },
  "account/forgot/username": {
    title: {
      en_us: "Recover your username",
      fr_fr: "Récupérer votre nom d'utilisateur",
      de_de: "Benutzernamen wiederherstellen",
      it_it: "Recupera il nome utente",
      es_xn: "Recuperar seu nome de usuário",
      zh_cn: "找回用户名",
    },
    text: {
      en_us: "Choose how we should confirm that it's you: a code by e-mail or by text message.",
      fr_fr: "Choisissez comment confirmer votre identité : un code par e-mail ou par SMS.",
      de_de: "Wählen Sie, wie wir Ihre Identität bestätigen sollen: mit einem Code per E-Mail oder per SMS.",
      it_it: "Scegli come confermare la tua identità: con un codice via e-mail o via SMS.",
      es_xn: "Escolha como devemos confirmar que é você: um código por e-mail ou por SMS.",
      zh_cn: "请选择确认您身份的方式：通过电子邮件或短信接收验证码。",
    },
  },
  "account/forgot/username/recovery": {
    title: {
      en_us: "Here is your username",
      fr_fr: "Voici votre nom d'utilisateur",
      de_de: "Das ist Ihr Benutzername",
      it_it: "Ecco il tuo nome utente",
      es_xn: "Este é o seu nome de usuário",
      zh_cn: "这是您的用户名",
    },
    text: {
      en_us: "Keep it somewhere safe. You can sign in with it now.",
      fr_fr: "Conservez-le en lieu sûr. Vous pouvez vous connecter avec dès maintenant.",
      de_de: "Bewahren Sie ihn sicher auf. Sie können sich jetzt damit anmelden.",
      it_it: "Conservalo in un posto sicuro. Puoi usarlo subito per accedere.",
      es_xn: "Guarde-o em um lugar seguro. Você já pode entrar com ele.",
      zh_cn: "请妥善保管。您现在就可以用它登录。",
    },
  },
  "account/forgot/username/phone-verification": {
    title: {
      en_us: "Verify your phone number",
      fr_fr: "Vérifiez votre numéro de téléphone",
      de_de: "Telefonnummer bestätigen",
      it_it: "Verifica il tuo numero di telefono",
      es_xn: "Verifique seu número de telefone",
      zh_cn: "验证您的电话号码",
    },
    text: {
      en_us: "Enter the mobile number on your profile, and then the 6-digit code we send to it by text message.",
      fr_fr: "Saisissez le numéro de mobile de votre profil, puis le code à 6 chiffres que nous y enverrons par SMS.",
      de_de:
        "Geben Sie die Mobilnummer aus Ihrem Profil ein und dann den 6-stelligen Code, den wir per SMS daran senden.",
      it_it: "Inserisci il numero di cellulare del tuo profilo e poi il codice di 6 cifre che ti invieremo via SMS.",
      es_xn: "Informe o número de celular do seu perfil e, em seguida, o código de 6 dígitos que enviaremos por SMS.",
      zh_cn: "请输入您个人资料中的手机号码，然后输入我们通过短信发送的 6 位验证码。",
    },
  },
  "terms-of-use": {
    title: {
      en_us: "Terms of Use",
      fr_fr: "Conditions d'utilisation",
      de_de: "Nutzungsbedingungen",
      it_it: "Condizioni d'uso",
      es_xn: "Termos de Uso",
      zh_cn: "使用条款",
    },
    text: {
      en_us: "The rules for using the Professional Portal. Please read them; we ask you to accept each new version.",
      fr_fr:
        "Les règles d'utilisation du Professional Portal. Veuillez les lire : nous vous demandons d'accepter chaque nouvelle version.",
      de_de:
        "Die Regeln für die Nutzung des Professional Portal. Bitte lesen Sie sie; wir bitten Sie, jede neue Fassung zu akzeptieren.",
      it_it: "Le regole per l'uso del Professional Portal. Leggile: ti chiediamo di accettare ogni nuova versione.",
      es_xn: "As regras de uso do Professional Portal. Leia-as: pedimos que você aceite cada nova versão.",
      zh_cn: "专业门户的使用规则。请仔细阅读；每次发布新版本时，我们都会请您接受。",
    },
  },
  "privacy-policy": {
    title: {
      en_us: "Privacy Policy",
      fr_fr: "Politique de confidentialité",
      de_de: "Datenschutzerklärung",
      it_it: "Informativa sulla privacy",
      es_xn: "Política de Privacidade",
      zh_cn: "隐私政策",
    },
    text: {
      en_us: "How we collect, use and protect the personal data of travel professionals, and the rights you have.",
      fr_fr:
        "Comment nous collectons, utilisons et protégeons les données personnelles des professionnels du voyage, et quels sont vos droits.",
      de_de:
        "Wie wir personenbezogene Daten von Reiseprofis erheben, nutzen und schützen, und welche Rechte Sie haben.",
      it_it:
        "Come raccogliamo, usiamo e proteggiamo i dati personali dei professionisti del turismo, e quali sono i tuoi diritti.",
      es_xn:
        "Como coletamos, usamos e protegemos os dados pessoais dos profissionais de viagem, e quais são os seus direitos.",
      zh_cn: "我们如何收集、使用和保护旅游从业者的个人数据，以及您享有的权利。",
    },
  },
  "travel-agent-guidelines": {
    title: {
      en_us: "Travel Agent Guidelines",
      fr_fr: "Directives pour les agents de voyages",
      de_de: "Richtlinien für Reisebüros",
      it_it: "Linee guida per gli agenti di viaggio",
      es_xn: "Diretrizes para Agentes de Viagem",
      zh_cn: "旅行代理指南",
    },
    text: {
      en_us: "How we expect travel professionals to advertise, sell and service our cruises.",
      fr_fr: "Ce que nous attendons des professionnels du voyage pour promouvoir, vendre et suivre nos croisières.",
      de_de: "Wie Reiseprofis unsere Kreuzfahrten bewerben, verkaufen und betreuen sollen.",
      it_it: "Come ci aspettiamo che i professionisti del turismo promuovano, vendano e seguano le nostre crociere.",
      es_xn: "Como esperamos que os profissionais de viagem divulguem, vendam e atendam nossos cruzeiros.",
      zh_cn: "我们对旅游从业者宣传、销售和服务我们邮轮产品的要求。",
    },
  },
};
