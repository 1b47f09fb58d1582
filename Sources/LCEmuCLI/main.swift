print("lcemu")
