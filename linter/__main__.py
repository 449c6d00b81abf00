from tf2lint.cli import main

raise SystemExit(main())
